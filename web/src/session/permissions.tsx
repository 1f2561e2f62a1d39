import type { ReactNode } from 'react';
import type { Permission } from '@sightline/shared';
import { useSessionStore } from '../stores/session-store';

/** Button-level permission keys come from the menu response's buttonVOList (SPEC section 6). */
export function hasButtonPermission(buttons: readonly string[], key: Permission | string): boolean {
  return buttons.includes(key);
}

export function usePermission(key: Permission | string): boolean {
  return useSessionStore((state) => hasButtonPermission(state.buttons, key));
}

/** Renders its children only for users holding `permission`; the server checks again on every call. */
export function Authorized({
  permission,
  children,
  fallback = null,
}: {
  permission: Permission | string;
  children: ReactNode;
  fallback?: ReactNode;
}) {
  return usePermission(permission) ? children : fallback;
}
