// Package controller reconciles the managed resources jet generates by
// running a Terraform engine (terraform or OpenTofu) in one workspace per
// object. It is the runtime half of jet: the generated kinds, listed by a
// provider's controller.Registrations, are set up on a controller-runtime
// manager with Setup, and every object is driven through Crossplane's
// managed-resource model, written here anew:
//
//   - spec.providerConfigRef names a ProviderConfig whose credentials (a
//     Secret key) become the provider block of main.tf.json, through the
//     configuration's TerraformSetup and checked against the provider's
//     schema (in an API of several providers, each provider gets the
//     arguments the credentials hold under its name); changes to either
//     reconcile the objects that use them, and a ProviderConfig in use
//     keeps a finalizer until no object names it;
//   - a finalizer keeps the object until its external resource is deleted
//     (deletionPolicy Delete) or let go (Orphan);
//   - Observe renders main.tf.json from spec.forProvider (references to
//     other managed resources resolved first, in spec.forProvider and
//     spec.initProvider, secret references read from
//     Secrets) with spec.initProvider merged under it, the paths only
//     spec.initProvider sets in lifecycle.ignore_changes so that they count
//     for the create alone, then plans: the refreshed prior state says
//     whether the resource exists, the planned action whether it is up to
//     date;
//   - Create and Update apply that plan; Delete runs destroy; each runs in
//     the background (reconciles meanwhile report it and start no engine)
//     and its end enqueues the object;
//   - the external name (annotation crossplane.io/external-name) is written
//     to the object as soon as the apply returns, before anything else, and
//     an external-create-pending annotation is written before the apply, so
//     a manager killed mid-create never creates twice;
//   - status.atProvider comes from the state, optional spec fields are
//     late-initialized from it (not those spec.initProvider sets), sensitive attributes and the configuration's
//     extra keys go to the writeConnectionSecretToRef Secret (numbers in
//     decimal, lists, maps and objects as JSON), which the object controls
//     (never one that belongs to something else) and which is deleted with
//     it;
//   - a kind referenced by reference fields is watched from when the
//     cluster serves it: a CRD that is not installed makes the objects
//     whose references need it wait, saying which CRD to install, and
//     keeps nothing else from being reconciled;
//   - Ready says whether the external resource is available (False with
//     Unavailable for an object that never became ready), Synced whether
//     the last reconcile succeeded, with the engine's diagnostics as its
//     message, each at the field of the object that sets the value;
//   - management policies are honoured: an observe-only object never makes
//     the engine change anything.
//
// The Terraform state lives in the workspace directory. When that directory
// is gone (a new pod, a wiped disk) the state is rebuilt from the external
// name: a state holding the resource with its id and parameters is written
// and the next plan refreshes it, which is what `terraform import` would do
// for resources that support it and also works for those that do not.
//
// Engine processes are capped by a semaphore (Options.MaxEngines) and every
// reconcile runs under a timeout (Options.Timeout). Plans and shows attach
// to one provider plugin process per provider and provider configuration (TF_REATTACH_PROVIDERS)
// instead of starting the plugin each time; applies and destroys, which
// must outlive the manager, start their own.
//
// It must never run an engine command that changes the external resource for
// an object whose management policies forbid it, never delete a resource
// whose deletionPolicy is Orphan, and never put a sensitive value into an
// object's spec or status, nor credentials into a condition, event or log.
package controller
