import { Transform } from 'class-transformer';
import { registerDecorator, type ValidationArguments } from 'class-validator';
import { normaliseEmail } from './email-address';

/**
 * A property holding an address we can mail: validated with normaliseEmail (no control characters
 * or header punctuation, RFC 5321 lengths) and stored in its normalised form.
 */
export function IsMailAddress(): PropertyDecorator {
  return (target: object, propertyName: string | symbol) => {
    Transform(({ value }: { value: unknown }) => {
      if (typeof value !== 'string') return value;
      const verdict = normaliseEmail(value);
      return verdict.ok ? verdict.email : value;
    })(target, propertyName);
    registerDecorator({
      name: 'isMailAddress',
      target: target.constructor,
      propertyName: String(propertyName),
      validator: {
        validate: (value: unknown) => typeof value === 'string' && normaliseEmail(value).ok,
        defaultMessage: (args?: ValidationArguments) => {
          const value: unknown = args?.value;
          if (typeof value !== 'string') return 'email must be an e-mail address';
          const verdict = normaliseEmail(value);
          return verdict.ok ? 'email must be an e-mail address' : verdict.reason;
        },
      },
    });
  };
}
