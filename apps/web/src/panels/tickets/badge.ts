import { useCurrentBrand } from '../../session/hooks';
import { useOpenTicketsTotal } from './api';

/** Toolbar badge (SPEC §2): the selected brand's open tickets; undefined shows no badge. */
export function useBadge(): number | undefined {
  const brand = useCurrentBrand();
  return useOpenTicketsTotal(brand?.id).data;
}
