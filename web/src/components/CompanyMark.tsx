import { Flex, Typography } from 'antd';
import { useBranding } from '../api/branding';

/** The company's logo and name (system config), as the sidebar and the login page show them. */
export function CompanyMark({
  collapsed = false,
  size = 28,
  color,
}: {
  collapsed?: boolean;
  size?: number;
  color?: string;
}) {
  const { companyName, logo } = useBranding();
  return (
    <Flex align="center" gap={10} style={{ minWidth: 0 }} data-testid="company-mark">
      <img src={logo} width={size} height={size} alt="" style={{ flexShrink: 0, objectFit: 'contain' }} />
      {!collapsed && (
        <Typography.Text
          strong
          ellipsis
          style={{ fontSize: size * 0.62, color, whiteSpace: 'nowrap' }}
          data-testid="company-name"
        >
          {companyName}
        </Typography.Text>
      )}
    </Flex>
  );
}
