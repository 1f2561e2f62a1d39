import type { ReactNode } from 'react';
import { Button, Tooltip } from 'antd';

/** An icon button in a table row: its label is both its tooltip and its accessible name. */
export function RowAction({
  label,
  icon,
  onClick,
  testId,
  danger,
  disabled,
  pressed,
}: {
  label: string;
  icon: ReactNode;
  onClick: () => void;
  testId: string;
  danger?: boolean;
  disabled?: boolean;
  /** For a toggle (a star): whether it is on. */
  pressed?: boolean;
}) {
  return (
    <Tooltip title={label}>
      <Button
        type="text"
        size="small"
        icon={icon}
        aria-label={label}
        aria-pressed={pressed}
        danger={danger}
        disabled={disabled}
        onClick={onClick}
        data-testid={testId}
      />
    </Tooltip>
  );
}
