import type { AppContext } from '../../context';
import type { DemoBrandName } from './identity';

/** What each module's seed step receives: the app context plus the ids created so far. */
export interface SeedContext extends Pick<AppContext, 'db' | 'keyring' | 'clock' | 'config'> {
  brands: Record<DemoBrandName, string>;
  /** User ids by email. */
  users: Record<string, string>;
}
