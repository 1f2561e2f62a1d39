import { Button, Tooltip, type ButtonProps } from 'antd';

/**
 * An icon button of a photo toolbar (the photo viewer's, the image editor's): `label` is both its tooltip, followed
 * by `shortcut` when it has one, and its accessible name, since the icon alone says nothing to a screen reader.
 */
export function ToolButton({
  label,
  shortcut,
  ...button
}: Omit<ButtonProps, 'aria-label' | 'children'> & { label: string; shortcut?: string }) {
  return (
    <Tooltip title={shortcut ? `${label} (${shortcut})` : label}>
      <Button {...button} aria-label={label} />
    </Tooltip>
  );
}
