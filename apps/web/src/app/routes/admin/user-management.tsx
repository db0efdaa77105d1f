export function meta() {
  return [{ title: 'Admin List | Canada Visa Desk' }];
}

export default function Page() {
  return <h1 className="h3">Admin List</h1>;
}
