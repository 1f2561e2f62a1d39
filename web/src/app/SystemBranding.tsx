import { useEffect } from 'react';
import { useBranding } from '../api/branding';
import { iconType } from '../lib/branding';

/**
 * Keeps the favicon on the company's icon and names the tab after the company (the signed-in
 * layout then puts the page's name in front). Rendered once, inside the router.
 */
export function SystemBranding() {
  const { icon, companyName } = useBranding();
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
  useEffect(() => {
    document.title = companyName;
  }, [companyName]);
  return null;
}
