import type { ReactNode } from 'react';
import { Flex } from 'antd';

/**
 * The defect list's row of actions: the list's own (on the selected rows) and the buttons other defect tools add
 * (merge, repeated defects, calibration, key defects, export) as children.
 */
export function DefectToolbar({ children }: { children?: ReactNode }) {
  return (
    <Flex gap={8} wrap align="center" data-testid="defect-toolbar" style={{ minHeight: 24 }}>
      {children}
    </Flex>
  );
}
