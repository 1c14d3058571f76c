import { z } from '#shared/zod.ts';
import { emailField, nameField, optionalPhoneField, requiredText } from './common-fields.ts';

/** The contact form on /contact-us: validated by this one schema in the browser and on the server. */
export const contactSchema = z.object({
  name: nameField,
  email: emailField,
  phone: optionalPhoneField,
  message: requiredText(5000, 'Tell us how we can help.'),
});

/** A contact message after validation (trimmed, a blank phone dropped): the payload the server stores. */
export type ContactMessage = z.infer<typeof contactSchema>;

/** The form's field names; a test keeps them in step with the schema. */
export const contactFieldNames = ['name', 'email', 'phone', 'message'] as const;
