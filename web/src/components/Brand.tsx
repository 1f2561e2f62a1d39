import { theme } from 'antd';
import { CompanyMark } from './CompanyMark';

/** The company's mark and name (system config: Sightline's own until a company sets its own). */
export function Brand({ collapsed = false, size = 28 }: { collapsed?: boolean; size?: number }) {
  const { token } = theme.useToken();
  return <CompanyMark collapsed={collapsed} size={size} color={token.colorText} />;
}
