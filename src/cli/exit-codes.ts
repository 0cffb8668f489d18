// Exit codes are public API (README "Exit codes").
export const EXIT = {
  ok: 0,
  error: 1,
  changes: 2,
  partial: 3,
} as const;
