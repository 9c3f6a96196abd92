package singleflight;

import java.util.Optional;

/** What a running job may ask of its coordinator. */
public interface LeaseKeeper {
    RenewVerdict renew(Lease lease);

    /** The lease stored for the scope now, whoever holds it; empty when none is held. */
    Optional<Lease> current(String scope);
}
