export function meta() {
  return [{ title: 'Edit Admin | Canada Visa Desk' }];
}

export default function Page() {
  return <h1 className="h3">Edit Admin</h1>;
}
