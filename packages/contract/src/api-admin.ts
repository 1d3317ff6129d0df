import { z } from 'zod';

export const TenantRow = z.object({
  Id: z.number().int(),
  Name: z.string(),
  Slug: z.string(),
  InboundEmail: z.string(),
  UsersCount: z.number().int(),
  IsEnabled: z.boolean(),
  CreatedAt: z.string(),
});
export type TenantRow = z.infer<typeof TenantRow>;

export const FeatureFlagRow = z.object({
  Id: z.number().int(),
  Key: z.string(),
  Status: z.number().int(),
  TenantIds: z.array(z.number().int()),
  AlwaysOn: z.boolean(),
  Description: z.string(),
});
export type FeatureFlagRow = z.infer<typeof FeatureFlagRow>;

export const FeatureFlagCreate = z.object({
  Key: z
    .string()
    .trim()
    .regex(/^[a-zA-Z][a-zA-Z0-9]{1,63}$/, 'Key is letters and digits, starting with a letter'),
  Status: z.number().int().min(0).max(2).default(0),
  TenantIds: z.array(z.number().int().positive()).max(10000).default([]),
  Description: z.string().trim().max(500).default(''),
});

export const OutboxMessage = z.object({
  Id: z.number().int(),
  To: z.string(),
  Subject: z.string(),
  Text: z.string(),
  Html: z.string().nullable(),
  SentAt: z.string(),
  Transport: z.string(),
});
export type OutboxMessage = z.infer<typeof OutboxMessage>;

export const LoginActivity = z.object({
  Id: z.number().int(),
  UserName: z.string(),
  TenantName: z.string().nullable(),
  Success: z.boolean(),
  Reason: z.string(),
  Ip: z.string(),
  UserAgent: z.string(),
  At: z.string(),
});
export type LoginActivity = z.infer<typeof LoginActivity>;
