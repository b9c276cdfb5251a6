import { App, Button, Modal, message as staticMessage, notification as staticNotification } from 'antd';
import type { ReactNode } from 'react';
import { useLayoutEffect } from 'react';
import { errorMessage } from '@/lib/api/errors';

/** Dialog width (spec §9) and toast timing and place. */
export const DIALOG_WIDTH = 400;
export const TOAST_DURATION_MS = 3000;
export const TOAST_PLACEMENT = 'bottom' as const;

type AppApi = ReturnType<typeof App.useApp>;

let appApi: AppApi | null = null;

/**
 * Hands the theme-aware modal/notification instances of antd's <App> to the functions below;
 * render it once inside <App>.
 */
export function DialogHost() {
  const api = App.useApp();
  useLayoutEffect(() => {
    appApi = api;
    return () => {
      if (appApi === api) appApi = null;
    };
  }, [api]);
  return null;
}

function modalApi() {
  return appApi?.modal ?? Modal;
}

function notificationApi() {
  return appApi?.notification ?? staticNotification;
}

export interface DialogOptions {
  title: ReactNode;
  content?: ReactNode;
  okText?: string;
}

export interface ConfirmOptions extends DialogOptions {
  cancelText?: string;
  danger?: boolean;
  /** Runs before the dialog closes; the OK button spins while it is pending. */
  onOk?: () => unknown;
}

type Kind = 'success' | 'error' | 'info' | 'warning';

function show(kind: Kind, { title, content, okText }: DialogOptions): Promise<void> {
  return new Promise((resolve) => {
    modalApi()[kind]({
      title,
      content,
      okText: okText ?? 'OK',
      width: DIALOG_WIDTH,
      centered: true,
      onOk: () => resolve(),
      onCancel: () => resolve(),
    });
  });
}

/** A success dialog; resolves when it is closed. */
export const showSuccess = (options: DialogOptions) => show('success', options);
/** An error dialog; resolves when it is closed. */
export const showError = (options: DialogOptions) => show('error', options);
/** An information dialog; resolves when it is closed. */
export const showInfo = (options: DialogOptions) => show('info', options);
/** A warning dialog; resolves when it is closed. */
export const showWarning = (options: DialogOptions) => show('warning', options);

/** A confirmation dialog; resolves true when confirmed, false when cancelled. */
export function showConfirm({
  title,
  content,
  okText = 'Yes',
  cancelText = 'Cancel',
  danger = false,
  onOk,
}: ConfirmOptions): Promise<boolean> {
  return new Promise((resolve) => {
    modalApi().confirm({
      title,
      content,
      okText,
      cancelText,
      width: DIALOG_WIDTH,
      centered: true,
      okButtonProps: { danger },
      onOk: async () => {
        await onOk?.();
        resolve(true);
      },
      onCancel: () => resolve(false),
    });
  });
}

export interface ConfirmRemoveOptions {
  /** The dialog's title, e.g. 'Remove Client'. */
  title: string;
  /** The name asked about and toasted. */
  name: string;
  /** A sentence added after the question. */
  note?: string;
  /** The delete call. */
  remove: () => Promise<unknown>;
  /** Runs after the attempt, whether it succeeded or not (refreshes the list). */
  onDone: () => unknown;
}

/**
 * Asks "Do you want to remove 'name' ?", then removes and toasts the outcome, with the server's
 * reason when it refuses (spec §8).
 */
export function confirmRemove({ title, name, note, remove, onDone }: ConfirmRemoveOptions): Promise<boolean> {
  const question = `Do you want to remove '${name}' ?`;
  return showConfirm({
    title,
    content: note ? `${question} ${note}` : question,
    okText: 'Remove',
    danger: true,
    onOk: async () => {
      try {
        await remove();
        toast.success(`'${name}' has been deleted successfully.`);
      } catch (error) {
        toast.error(`'${name}' failed to be deleted.`, errorMessage(error));
      }
      await onDone();
    },
  });
}

function toastOf(kind: Kind) {
  return (text: ReactNode, description?: ReactNode) =>
    notificationApi()[kind]({
      title: text,
      description,
      placement: TOAST_PLACEMENT,
      duration: TOAST_DURATION_MS / 1000,
    });
}

/** Short notices at the bottom centre of the screen for 3 seconds. */
export const toast = {
  success: toastOf('success'),
  error: toastOf('error'),
  info: toastOf('info'),
  warning: toastOf('warning'),
};

/** How long a change can be undone from its toast. */
export const UNDO_MS = 6000;

/** A success toast with an Undo button, for UNDO_MS; `undo` runs at most once (the toast closes). */
export function toastWithUndo(text: ReactNode, undo: () => void) {
  const key = `undo-${Date.now()}-${Math.random()}`;
  const api = notificationApi();
  api.success({
    key,
    title: text,
    placement: TOAST_PLACEMENT,
    duration: UNDO_MS / 1000,
    actions: (
      <Button
        size="small"
        onClick={() => {
          api.destroy(key);
          undo();
        }}
      >
        Undo
      </Button>
    ),
  });
}

// Kept for places that want antd's one-line message style (shown at the top by antd).
export const message = staticMessage;
