import { maskApiKey } from '@console/contract/brands';

export { maskApiKey };

/** SPEC §5 and §8 texts of the brand settings. */
export const SETTINGS_TEXT = {
  regenerateConfirm: 'Are you sure you want to regenerate the API key? This will invalidate the current key.',
  regenerateOk: 'API Key regenerated successfully! Please update your applications.',
  regenerateFailed: 'Failed to regenerate API key. Please try again.',
  noBrand: 'No brand selected',
  configured: 'Configured',
} as const;
