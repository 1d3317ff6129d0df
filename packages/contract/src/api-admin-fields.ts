// Fields shared by the Admin Portal payloads (not part of the public contract index).
import { z } from 'zod';
import { Messages } from './messages.ts';
import { isEmail } from './validation.ts';

export const Email = z.string().trim().min(1, 'Email is required').max(320).refine(isEmail, Messages.invalidEmail);
export const Name = z.string().trim().max(100);

export const Range = { From: z.string(), To: z.string() };
