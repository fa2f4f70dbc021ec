import { Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { i18n } from '../lib/i18n';
import { modals } from './dialogs-host';

const t = (k: string) => i18n.t(k);

/** 'Are you sure? Do you want to delete this element?' — 'Yes, delete' / 'Back' (01-console §8). */
export function confirmDelete(): Promise<boolean> {
  return confirm({
    title: t('dialogs.deleteTitle'),
    text: t('dialogs.deleteText'),
    confirm: t('dialogs.deleteConfirm'),
    cancel: t('dialogs.back'),
    danger: true,
  });
}

/** 'Are you sure you want to exit?' — unsaved changes are lost — 'Yes, exit' / 'No'. */
export function confirmExit(): Promise<boolean> {
  return confirm({
    title: t('dialogs.exitTitle'),
    text: t('dialogs.exitText'),
    confirm: t('dialogs.exitConfirm'),
    cancel: t('dialogs.no'),
    danger: true,
  });
}

export function confirm(o: {
  title: string;
  text: string;
  confirm: string;
  cancel: string;
  danger?: boolean;
}) {
  return new Promise<boolean>((resolve) => {
    modals.openConfirmModal({
      title: <Text fw={700}>{o.title}</Text>,
      centered: true,
      children: <Text>{o.text}</Text>,
      labels: { confirm: o.confirm, cancel: o.cancel },
      confirmProps: { color: o.danger ? 'red' : undefined, 'data-testid': 'confirm-yes' },
      onConfirm: () => resolve(true),
      onCancel: () => resolve(false),
      onClose: () => resolve(false),
    });
  });
}

/** The success notice after a save or a delete ('Operation successfully ended'). */
export const notifySuccess = (message = t('dialogs.success')) =>
  notifications.show({ color: 'teal', message, autoClose: 3000 });

/** A notice that what was asked did not happen, and why (stays until read: 8 s). */
export const notifyWarning = (message: string) =>
  notifications.show({ color: 'orange', message, autoClose: 8000 });
