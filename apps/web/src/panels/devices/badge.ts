import { useCurrentBrand } from '../../session/hooks';
import { useOfflineDevicesCount } from './api';

/** Toolbar badge (SPEC §2, §7): the selected brand's offline devices; undefined shows no badge. */
export function useBadge(): number | undefined {
  const brand = useCurrentBrand();
  return useOfflineDevicesCount(brand?.id).data;
}
