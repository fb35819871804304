import { findCatalogProvider } from '../../data/providers';
import { maskedFields, validateConnectionConfig } from '../../modules/providers/service';
import { upsertConnection } from '../../modules/providers/queries';
import type { DemoBrandName } from './identity';
import type { SeedContext } from './types';

/**
 * Demo connections to providers that no feature calls (so their placeholder keys never reach a
 * real API). LLM and DNS providers are left for the user to connect with real credentials.
 */
const DEMO_CONNECTIONS: Array<[DemoBrandName, string, Record<string, string>, number]> = [
  ['Acme Robotics', 'slack', { api_key: 'xoxb-demo-acme-0000000000-placeholder' }, 21],
  ['Acme Robotics', 'sentry', { api_key: 'sntrys_demo_acme_placeholder_token' }, 12],
  ['Acme Robotics', 'aws', { access_key_id: 'AKIADEMOACME0000', secret_access_key: 'demo/acme/placeholder/secret/key/0000', region: 'eu-central-1' }, 5],
  ['Globex Support', 'twilio', { api_key: 'demo-globex-twilio-placeholder-key' }, 17],
  ['Globex Support', 'zendesk', { api_key: 'demo-globex-zendesk-placeholder-key' }, 3],
];

export async function seedProviders(seed: SeedContext) {
  const now = seed.clock.now().getTime();
  for (const [brand, id, input, daysAgo] of DEMO_CONNECTIONS) {
    const provider = findCatalogProvider(id)!;
    const config = validateConnectionConfig(provider, input);
    const at = new Date(now - daysAgo * 86_400_000);
    await upsertConnection(seed.db, {
      brandId: seed.brands[brand],
      providerName: provider.id,
      providerType: provider.category,
      configSealed: seed.keyring.seal(JSON.stringify(config)),
      fieldsMasked: JSON.stringify(maskedFields(provider, config)),
      healthStatus: 'unknown',
      healthMessage: 'No automatic health check for this provider',
      lastCheckedAt: null,
      createdAt: at,
      updatedAt: at,
    });
  }
}
