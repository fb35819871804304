/** SPEC §9 business constants, shared by server and web. */
export const TICKETS_PAGE_SIZE = 50;
export const MAX_PAGE_LIMIT = 100;
export const COUNTS_REFRESH_MS = 30_000;
export const MESH_REFRESH_MS = 10_000;
export const ONLINE_THRESHOLD_MS = 5 * 60_000;
export const PROVIDERS_PAGE_SIZE = 50;
export const INFINITE_SCROLL_THRESHOLD_PX = 100;
export const DASHBOARD_FULL_AT = { tickets: 20, emails: 20, devices: 10 } as const;
export const MAX_TAGS_SHOWN = 3;
export const MAX_INVOICES_SHOWN = 5;
export const BADGE_CAP = 99;
export const COPY_FEEDBACK_MS = 2_000;
export const SLIDE_OVER_CLEAR_MS = 300;
export const SWIPE_MIN_PX = 50;
export const SWIPE_MAX_MS = 300;
export const MOBILE_BREAKPOINT_PX = 1024;
export const DEFAULT_PLAN_LABEL = 'Professional';
export const DEFAULT_PACKAGE_VERSION = '1.0.0';
/** CONTRACT §Domains */
export const VERIFY_TOKEN_PREFIX = 'console-verify=';
export const VERIFY_RECORD_LABEL = '_console-verify';
export const DEFAULT_MAIL_DOMAIN = 'console.localhost';
/** CONTRACT §Rate limits */
export const LOGIN_FAILURES_PER_ACCOUNT = 10;
export const LOGIN_FAILURES_PER_ADDRESS = 100;
export const LOGIN_WINDOW_MS = 15 * 60_000;
/** CONTRACT §Chat stream, §Live events */
export const SSE_PING_MS = 15_000;
export const DEFAULT_CONVERSATION_TITLE = 'New Chat';
