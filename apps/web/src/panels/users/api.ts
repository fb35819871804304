import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RoleName, TeamMember, UserList } from '@console/contract/users';
import { apiFetch } from '../../api/client';

/** Query keys of the Users panel; every key carries the brand id (STYLE §6). */
export const userKeys = {
  list: (brandId: string) => ['users', brandId, 'list'] as const,
};

/** SPEC §7 `GET /users?brand_id`: an array or `{users, trend}` (we read both). */
export function useTeam(brandId: string | undefined) {
  return useQuery({
    queryKey: userKeys.list(brandId ?? ''),
    enabled: !!brandId,
    queryFn: async ({ signal }): Promise<UserList> => {
      const body = await apiFetch<UserList | TeamMember[]>('/users', { query: { brand_id: brandId }, signal });
      return Array.isArray(body) ? { users: body, trend: 0 } : body;
    },
  });
}

/** The member lists and counts elsewhere (dashboard) that a team change affects. */
function invalidateTeam(queryClient: ReturnType<typeof useQueryClient>, brandId: string) {
  void queryClient.invalidateQueries({ queryKey: userKeys.list(brandId) });
  void queryClient.invalidateQueries({ queryKey: ['dashboard', brandId, 'team'] });
}

/**
 * SPEC §7 `POST /users/{id}/roles` with `role_name`, in the member's own brand (the list may be a
 * super admin's 'All Brands' view, `listBrandId` = 'all').
 */
export function useAssignRole(listBrandId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ member, role }: { member: Pick<TeamMember, 'user_id' | 'brand_id'>; role: RoleName }) =>
      apiFetch<TeamMember>(`/users/${member.user_id}/roles`, { method: 'POST', query: { brand_id: member.brand_id }, body: { role_name: role } }),
    onSuccess: (_data, { member }) => {
      invalidateTeam(queryClient, listBrandId);
      invalidateTeam(queryClient, member.brand_id);
    },
  });
}

/** SPEC §7 `DELETE /support/brands/{brandId}/users/{userId}`, in the member's own brand. */
export function useRemoveMember(listBrandId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (member: Pick<TeamMember, 'user_id' | 'brand_id'>) =>
      apiFetch<{ ok: true }>(`/support/brands/${member.brand_id}/users/${member.user_id}`, { method: 'DELETE' }),
    onSuccess: (_data, member) => {
      invalidateTeam(queryClient, listBrandId);
      invalidateTeam(queryClient, member.brand_id);
    },
  });
}
