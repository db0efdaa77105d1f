export function meta() {
  return [{ title: 'Add Admin | Canada Visa Desk' }];
}

export default function Page() {
  return <h1 className="h3">Add Admin</h1>;
}
