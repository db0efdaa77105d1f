export function meta() {
  return [{ title: 'Application List | Canada Visa Desk' }];
}

export default function Page() {
  return <h1 className="h3">Application List</h1>;
}
