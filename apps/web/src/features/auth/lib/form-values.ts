/** The text fields of a submitted form by name: the sign-in forms' inputs are uncontrolled (ADR 0050). */
export const formValues = (form: HTMLFormElement): Record<string, string> => {
  const values: Record<string, string> = {};
  new FormData(form).forEach((value, name) => {
    if (typeof value === 'string') values[name] = value;
  });
  return values;
};
