import { useMutation } from '@tanstack/react-query';
import type { RegenerateKeyResponse } from '@console/contract/brands';
import { apiFetch } from '../../api/client';
import { loadUser } from '../../session/actions';

/** SPEC §7: `POST /support/brands/{brandId}/regenerate-key` (empty body); the user is then refetched. */
export function useRegenerateApiKey(brandId: string) {
  return useMutation({
    mutationFn: () => apiFetch<RegenerateKeyResponse>(`/support/brands/${brandId}/regenerate-key`, { method: 'POST' }),
    onSuccess: () => loadUser(),
  });
}
