import { Flex, Typography, theme } from 'antd';

/** The product mark and name. */
export function Brand({ collapsed = false, size = 28 }: { collapsed?: boolean; size?: number }) {
  const { token } = theme.useToken();
  return (
    <Flex align="center" gap={10} style={{ minWidth: 0 }}>
      <img src="/favicon.svg" width={size} height={size} alt="" style={{ flexShrink: 0 }} />
      {!collapsed && (
        <Typography.Text strong style={{ fontSize: size * 0.62, color: token.colorText, whiteSpace: 'nowrap' }}>
          Sightline
        </Typography.Text>
      )}
    </Flex>
  );
}
