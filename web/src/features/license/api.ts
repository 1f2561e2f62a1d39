import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isMissingEndpoint, request } from '../../api/client';

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

/** `available: false` when the server has no licence service (404): the page says so instead of failing. */
export type LicenseState = { available: true; info: LicenseInfo } | { available: false };

export const licenseKeys = { info: ['license', 'info'] as const };

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

export function useLicenseInfo() {
  return useQuery({
    queryKey: licenseKeys.info,
    queryFn: async ({ signal }): Promise<LicenseState> => {
      try {
        const data = await request<Omit<LicenseInfo, 'functions'> & { functions?: unknown }>('/license/info', {
          signal,
          quiet: true,
        });
        return { available: true, info: { ...data, functions: normalizeFunctions(data.functions) } };
      } catch (error) {
        if (isMissingEndpoint(error)) return { available: false };
        throw error;
      }
    },
  });
}

export function useActivateLicense() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return request<unknown>('/license/activate', { method: 'POST', form });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: licenseKeys.info }),
  });
}
