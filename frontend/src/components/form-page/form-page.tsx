import { Flex } from 'antd';
import type { ReactNode } from 'react';
import { Page, type Crumb } from '@/components/page';

export type { Crumb } from '@/components/page';
export { systemCrumbs } from '@/components/page';

export interface FormPageProps {
  /** The trail above the title. */
  breadcrumb?: Crumb[];
  title: ReactNode;
  subtitle?: ReactNode;
  /** The subtitle on one line, cut with an ellipsis (the cost sheet's client and project). */
  subtitleEllipsis?: boolean;
  /** On the right of the title (a view page's Edit button, the cost sheet's status). */
  action?: ReactNode;
  /** narrow: 640 px (a password), medium: 960 px (the default: wizards and System forms), full: the content width. */
  width?: 'narrow' | 'medium' | 'full';
  className?: string;
  /** The form in one card (the default), or `false` when the children bring their own cards. */
  card?: boolean;
  cardClassName?: string;
  /** The form, or why there is none (no access, not found, loading). */
  children: ReactNode;
}

/** Every form screen: the page shell (trail, title, action) with the form in a card, in a readable column. */
export function FormPage({ action, width = 'medium', card = true, ...rest }: FormPageProps) {
  return <Page {...rest} actions={action} width={width === 'medium' ? 'form' : width} card={card} />;
}

/** The buttons under a form, on the right: Cancel or Back, then the primary action. */
export function FormActions({ children }: { children: ReactNode }) {
  return (
    <Flex justify="flex-end" gap={8} wrap className="form-actions">
      {children}
    </Flex>
  );
}
