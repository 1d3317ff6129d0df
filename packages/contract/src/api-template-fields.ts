// Fields shared by the template payloads (not part of the public contract index).
import { z } from 'zod';

export const Name = z.string().trim().min(1, 'Name is required').max(100, 'Name must be at most 100 characters');
export const Id = z.number().int().positive();
