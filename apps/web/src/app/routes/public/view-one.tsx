export function meta() {
  return [{ title: 'Application Status | Canada Visa Desk' }];
}

export default function Page() {
  return <h1 className="h3">Application Status</h1>;
}
