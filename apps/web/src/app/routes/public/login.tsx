export function meta() {
  return [{ title: 'Staff Login | Canada Visa Desk' }];
}

export default function Page() {
  return <h1 className="h3">Staff Login</h1>;
}
