import type { ReactNode } from 'react';

/** The narrow card the sign-in pages share (sign in, forgot password, choose a new password). */
export function SignInCard({ children }: { children: ReactNode }) {
  return (
    <section className="container py-5">
      <div className="row justify-content-center">
        <div className="col-sm-10 col-md-7 col-lg-5">
          <div className="card shadow-sm">
            <div className="card-body p-4">{children}</div>
          </div>
        </div>
      </div>
    </section>
  );
}
