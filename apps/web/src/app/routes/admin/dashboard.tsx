export function meta() {
  return [{ title: 'Dashboard | Canada Visa Desk' }];
}

export default function Page() {
  return <h1 className="h3">Dashboard</h1>;
}
