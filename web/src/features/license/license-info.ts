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

/** Accepts the function list as an array of entries or as a name -> days map. */
export function normalizeFunctions(raw: unknown): LicenseFunction[] {
  if (Array.isArray(raw)) {
    return raw.flatMap((entry): LicenseFunction[] => {
      if (typeof entry === 'string') return [{ name: entry, days: null }];
      if (typeof entry !== 'object' || entry === null) return [];
      const record = entry as Record<string, unknown>;
      const name = record.name ?? record.code ?? record.functionName;
      const days = record.days ?? record.validDays;
      return typeof name === 'string' ? [{ name, days: typeof days === 'number' ? days : null }] : [];
    });
  }
  if (typeof raw === 'object' && raw !== null) {
    return Object.entries(raw).map(([name, days]) => ({ name, days: typeof days === 'number' ? days : null }));
  }
  return [];
}
