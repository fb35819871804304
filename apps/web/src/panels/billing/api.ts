import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { InvoicesResponse, Subscription, Usage } from '@console/contract/billing';
import { MAX_INVOICES_SHOWN } from '@console/contract/limits';
import { apiFetch } from '../../api/client';

/** Query keys of the Billing panel; every key carries the brand id (STYLE §6). */
export const billingKeys = {
  subscription: (brandId: string) => ['billing', brandId, 'subscription'] as const,
  usage: (brandId: string) => ['billing', brandId, 'usage'] as const,
  invoices: (brandId: string) => ['billing', brandId, 'invoices'] as const,
};

/** SPEC §8: billing load failures are only logged, nothing is shown. */
function useLogged<T extends { error: unknown }>(query: T, what: string): T {
  useEffect(() => {
    if (query.error) console.error(`Failed to load ${what}`, query.error);
  }, [query.error, what]);
  return query;
}

export function useSubscription(brandId: string) {
  return useLogged(
    useQuery({
      queryKey: billingKeys.subscription(brandId),
      queryFn: ({ signal }) => apiFetch<Subscription>('/billing/subscription', { query: { brand_id: brandId }, signal }),
    }),
    'subscription',
  );
}

export function useUsage(brandId: string) {
  return useLogged(
    useQuery({
      queryKey: billingKeys.usage(brandId),
      queryFn: ({ signal }) => apiFetch<Usage>('/billing/usage', { query: { brand_id: brandId }, signal }),
    }),
    'usage',
  );
}

/** The most recent invoices, up to 5 (SPEC §9). */
export function useRecentInvoices(brandId: string) {
  return useLogged(
    useQuery({
      queryKey: billingKeys.invoices(brandId),
      queryFn: ({ signal }) => apiFetch<InvoicesResponse>('/billing/invoices', { query: { brand_id: brandId, limit: MAX_INVOICES_SHOWN }, signal }),
      select: (data) => data.invoices.slice(0, MAX_INVOICES_SHOWN),
    }),
    'invoices',
  );
}
