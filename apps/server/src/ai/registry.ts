import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAI } from '@ai-sdk/openai';
import type { LanguageModel } from 'ai';
import { createOllama } from 'ollama-ai-provider-v2';
import type { Config } from '../config';

export type SdkProvider = 'openai' | 'anthropic' | 'ollama';

/** A brand's own LLM connection (providers panel); it takes precedence over the server's config. */
export interface LlmConnection {
  provider: SdkProvider;
  apiKey?: string;
  baseUrl?: string;
  model?: string;
}

/** The model a reply comes from: an SDK provider, or our built-in assistant. */
export type ModelChoice =
  | { provider: 'builtin'; label: 'builtin' }
  | { provider: SdkProvider; model: string; apiKey?: string; baseUrl?: string; label: string };

/** Models used when only a key or URL is configured (CONTRACT §Models examples). */
export const DEFAULT_MODELS: Record<SdkProvider, string> = {
  openai: 'gpt-4o-mini',
  anthropic: 'claude-sonnet-4-5',
  ollama: 'llama3.2',
};

const DEFAULT_OPENAI_BASE_URL = 'https://api.openai.com/v1';
const DEFAULT_OLLAMA_URL = 'http://127.0.0.1:11434';

function fromConfig(config: Config, provider: SdkProvider, model: string): ModelChoice {
  const label = `${provider}:${model}`;
  switch (provider) {
    case 'openai':
      return { provider, model, label, apiKey: config.OPENAI_API_KEY, baseUrl: config.OPENAI_BASE_URL ?? DEFAULT_OPENAI_BASE_URL };
    case 'anthropic':
      return { provider, model, label, apiKey: config.ANTHROPIC_API_KEY, baseUrl: config.ANTHROPIC_BASE_URL };
    case 'ollama':
      return { provider, model, label, baseUrl: config.OLLAMA_URL ?? DEFAULT_OLLAMA_URL };
  }
}

/**
 * CONTRACT §Models: the brand's connection first; then `AI_MODEL`; unset, the first provider
 * whose key or URL is configured (OpenAI, Anthropic, Ollama); else the built-in assistant.
 */
export function chooseModel(config: Config, connection?: LlmConnection): ModelChoice {
  if (connection) {
    const model = connection.model || DEFAULT_MODELS[connection.provider];
    const base = fromConfig(config, connection.provider, model);
    if (base.provider === 'builtin') return base;
    return { ...base, apiKey: connection.apiKey ?? base.apiKey, baseUrl: connection.baseUrl ?? base.baseUrl };
  }
  if (config.AI_MODEL) {
    if (config.AI_MODEL === 'builtin') return { provider: 'builtin', label: 'builtin' };
    const at = config.AI_MODEL.indexOf(':');
    return fromConfig(config, config.AI_MODEL.slice(0, at) as SdkProvider, config.AI_MODEL.slice(at + 1));
  }
  if (config.OPENAI_API_KEY || config.OPENAI_BASE_URL) return fromConfig(config, 'openai', DEFAULT_MODELS.openai);
  if (config.ANTHROPIC_API_KEY) return fromConfig(config, 'anthropic', DEFAULT_MODELS.anthropic);
  if (config.OLLAMA_URL) return fromConfig(config, 'ollama', DEFAULT_MODELS.ollama);
  return { provider: 'builtin', label: 'builtin' };
}

/** The Vercel AI SDK model for a choice; `fetch` carries every upstream request. */
export function languageModelFor(choice: Exclude<ModelChoice, { provider: 'builtin' }>, fetch: typeof globalThis.fetch): LanguageModel {
  switch (choice.provider) {
    case 'openai':
      // Chat Completions (CONTRACT §Models), which every OpenAI-compatible server speaks.
      return createOpenAI({ apiKey: choice.apiKey ?? '', baseURL: choice.baseUrl, fetch }).chat(choice.model);
    case 'anthropic':
      return createAnthropic({ apiKey: choice.apiKey ?? '', baseURL: choice.baseUrl, fetch })(choice.model);
    case 'ollama':
      return createOllama({ baseURL: `${(choice.baseUrl ?? DEFAULT_OLLAMA_URL).replace(/\/+$/, '')}/api`, fetch })(choice.model);
  }
}
