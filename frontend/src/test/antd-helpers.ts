import { fireEvent, waitFor, within } from '@testing-library/react';

/**
 * Helpers for antd widgets in the test DOM (happy-dom). They look elements up by label, class or text rather than
 * by role: role queries over the whole app shell are slow.
 */

/** Opens the antd Select whose input is labelled `label` and clicks the option `option`. */
export async function chooseOption(input: HTMLElement, option: string): Promise<void> {
  fireEvent.mouseDown(input);
  const item = await waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')].find(
      (el) => el.textContent === option,
    );
    if (!found) throw new Error(`option ${option} not shown`);
    return found;
  });
  fireEvent.click(item);
}

/** Whether an antd Select (given its input) is disabled. */
export function isSelectDisabled(input: HTMLElement): boolean {
  return (input as HTMLInputElement).disabled || Boolean(input.closest('.ant-select-disabled'));
}

/** A button of the open confirmation dialog, by its text. */
export function confirmButton(text: string): HTMLElement {
  const dialog = document.querySelector<HTMLElement>('.ant-modal-confirm');
  if (!dialog) throw new Error('no confirmation dialog');
  return within(dialog).getByText(text).closest('button') as HTMLElement;
}

/** A button by its exact text, within `container` (the document by default). */
export function buttonByText(text: string, container: HTMLElement = document.body): HTMLButtonElement {
  const found = [...container.querySelectorAll<HTMLButtonElement>('button')].filter(
    (b) => b.textContent?.trim() === text,
  );
  if (found.length === 0) throw new Error(`no button "${text}"`);
  return found[found.length - 1];
}

/** The open row menu of a DataTable ("..." dropdown). */
export async function openDropdownMenu(trigger: HTMLElement): Promise<HTMLElement> {
  fireEvent.click(trigger);
  return waitFor(() => {
    const menus = [...document.querySelectorAll<HTMLElement>('.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu')];
    const menu = menus.at(-1);
    if (!menu) throw new Error('no open dropdown menu');
    return menu;
  });
}
