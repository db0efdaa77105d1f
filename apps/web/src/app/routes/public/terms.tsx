export function meta() {
  return [{ title: 'Terms of Service | Canada Visa Desk' }];
}

export default function Page() {
  return <h1 className="h3">Terms of Service</h1>;
}
