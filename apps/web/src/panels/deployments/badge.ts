import { useCurrentBrand } from '../../session/hooks';
import { useRunningJobsCount } from './api';

/** Toolbar badge (SPEC §2, §7): the selected brand's running jobs; undefined shows no badge. */
export function useBadge(): number | undefined {
  const brand = useCurrentBrand();
  return useRunningJobsCount(brand?.id).data;
}
