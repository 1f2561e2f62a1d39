/** The licence info the server reports, read tolerantly: the licence issue fixes its final shape. */
export type LicenseStatus = 'unauthorized' | 'authorized' | 'expired';

export interface LicenseFunction {
  name: string;
  days: number | null;
}

export interface LicenseInfo {
  status: LicenseStatus;
  machineCode: string;
  expiresAt: string | null;
  functions: LicenseFunction[];
}
