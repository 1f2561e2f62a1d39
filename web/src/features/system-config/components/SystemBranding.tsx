import { useEffect } from 'react';
import { useBranding } from '../hooks/useBranding';
import { iconType } from '../branding';

/** Keeps the favicon on the company's icon. Rendered once, inside the router. */
export function SystemBranding() {
  const { icon } = useBranding();
  useEffect(() => {
    let link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
    if (!link) {
      link = document.createElement('link');
      link.rel = 'icon';
      document.head.appendChild(link);
    }
    link.type = iconType(icon);
    link.href = icon;
  }, [icon]);
  return null;
}
