import { useCurrentBrand } from '../../session/hooks';
import { usePendingArticles } from './api';

/** Toolbar badge (SPEC §2): the selected brand's pending articles; undefined shows no badge. */
export function useBadge(): number | undefined {
  const brand = useCurrentBrand();
  return usePendingArticles(brand?.id).data;
}
