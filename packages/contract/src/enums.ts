export const CONTENT_STATUSES = ['active', 'pending', 'hold', 'draft'] as const;
export type TContentStatus = (typeof CONTENT_STATUSES)[number];

export const TAXONOMY_STATUSES = ['active', 'hold'] as const;
export type TTaxonomyStatus = (typeof TAXONOMY_STATUSES)[number];

export const ACCOUNT_STATUSES = ['active', 'hold'] as const;
export type TAccountStatus = (typeof ACCOUNT_STATUSES)[number];

export const ROLES = ['customer', 'admin', 'editor'] as const;
export type TRole = (typeof ROLES)[number];

/** SPEC §9: verification types; 4 (account deletion, decision 017) goes only to the signed-in account's own e-mail. */
export const VERIFICATION_TYPE = { email: 1, phone: 2, passwordReset: 3, accountDeletion: 4 } as const;

/** SPEC §3: policy types; Copyright (3) is never public. */
export const POLICY_TYPE = { policies: 1, terms: 2, copyright: 3 } as const;
export const PUBLIC_POLICY_TYPES = [POLICY_TYPE.policies, POLICY_TYPE.terms] as const;
