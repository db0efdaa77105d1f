export function meta() {
  return [{ title: 'Settings | Canada Visa Desk' }];
}

export default function Page() {
  return <h1 className="h3">Settings</h1>;
}
