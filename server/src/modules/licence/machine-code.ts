import fs from 'node:fs';
import os from 'node:os';
import { sha256 } from '../../platform/auth/tokens.js';

/** What identifies this machine: its systemd machine id, else its host name and first network card. */
function machineIdentity(): string {
  try {
    const machineId = fs.readFileSync('/etc/machine-id', 'utf8').trim();
    if (machineId) return machineId;
  } catch {
    // No machine id (not systemd, or a container without one): fall back to the network identity.
  }
  const interfaces = os.networkInterfaces();
  const mac = Object.keys(interfaces)
    .sort()
    .flatMap((name) => interfaces[name] ?? [])
    .find((entry) => !entry.internal && entry.mac !== '00:00:00:00:00:00')?.mac;
  return `${os.hostname()}|${mac ?? ''}`;
}

/** The code a licence is signed for, stable per machine: XXXX-XXXX-XXXX-XXXX. */
export function readMachineCode(): string {
  const hex = sha256(machineIdentity()).slice(0, 16).toUpperCase();
  return [hex.slice(0, 4), hex.slice(4, 8), hex.slice(8, 12), hex.slice(12, 16)].join('-');
}
