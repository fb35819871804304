import { ONLINE_THRESHOLD_MS } from '@console/contract/limits';
import type { Device } from '@console/contract/mesh';

/** SPEC §2, §8: the Devices panel's texts. */
export const DEVICE_TEXT = {
  loadFailed: 'Failed to load devices. Please try again.',
  empty: 'No devices yet',
  defaultEnvironment: 'Production',
  never: 'Never',
} as const;

/** SPEC §4: online if last seen under 5 minutes ago; no last seen is offline. */
export function isDeviceOnline(lastSeen: string | null | undefined, now: Date = new Date()): boolean {
  if (!lastSeen) return false;
  const seen = new Date(lastSeen).getTime();
  if (Number.isNaN(seen)) return false;
  return now.getTime() - seen < ONLINE_THRESHOLD_MS;
}

/** The Online / Offline / Total counts at the top of the panel. */
export function deviceCounts(devices: Pick<Device, 'last_seen'>[], now: Date = new Date()) {
  const online = devices.filter((d) => isDeviceOnline(d.last_seen, now)).length;
  return { online, offline: devices.length - online, total: devices.length };
}

/** SPEC §2: the environment shown, 'Production' when none is set. */
export function environmentLabel(device: Pick<Device, 'environment'>): string {
  return device.environment?.trim() || DEVICE_TEXT.defaultEnvironment;
}

/** SPEC §4: a running container is shown green. */
export function isRunningContainer(status: string): boolean {
  return /^(running|up\b)/i.test(status.trim());
}
