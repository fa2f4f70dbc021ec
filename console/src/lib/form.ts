import { zodResolver } from '@hookform/resolvers/zod';
import { issueMessage } from '@pulsera/contracts';
import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/**
 * The resolver of every form: each zod issue becomes its key of the shared validation catalogue
 * (`validation.maxLength|{"maxLength":60}`), as the server's field errors are, so the fields show it
 * translated in the user's language (`translateMessage`) rather than zod's own English text. Keys a
 * schema gives itself (`{ error: 'validation.email' }`) win. Forms never call zodResolver directly.
 * The values' types come from the form (`useForm<Values>`), or are given: `formResolver<Values>(schema)`.
 */
export function formResolver<Input extends FieldValues, Output = Input>(
  schema: z.ZodType,
): Resolver<Input, unknown, Output> {
  return zodResolver(schema as never, {
    error: (issue) => issueMessage(issue as unknown as z.core.$ZodIssue),
  }) as unknown as Resolver<Input, unknown, Output>;
}

export * from './form-values';
