package provider

import (
	"context"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
)

// The protocol's ephemeral resource requests: the engine validates the
// configuration, opens the resource when it needs the result (in both plan
// and apply), renews it when the time Open or Renew gave has come, and
// closes it when nothing uses the result any more. Nothing of it is ever
// stored: Renew and Close get only the private data of Open.

func (s *server) ValidateEphemeralResourceConfig(ctx context.Context, req *tfprotov6.ValidateEphemeralResourceConfigRequest) (resp *tfprotov6.ValidateEphemeralResourceConfigResponse, _ error) {
	resp = &tfprotov6.ValidateEphemeralResourceConfigResponse{}
	defer recoverRPC(req.TypeName, "ValidateEphemeralResourceConfig", &resp.Diagnostics)
	et, ok := s.ephemerals[req.TypeName]
	if !ok {
		resp.Diagnostics = unknownType("ephemeral resource", req.TypeName)
		return resp, nil
	}
	resp.Diagnostics = s.validateElement(ctx, req.TypeName, et, req.Config, s.p.EphemeralResources[req.TypeName].ValidateConfig)
	return resp, nil
}

func (s *server) OpenEphemeralResource(ctx context.Context, req *tfprotov6.OpenEphemeralResourceRequest) (resp *tfprotov6.OpenEphemeralResourceResponse, _ error) {
	resp = &tfprotov6.OpenEphemeralResourceResponse{}
	defer recoverRPC(req.TypeName, "OpenEphemeralResource", &resp.Diagnostics)
	et, ok := s.ephemerals[req.TypeName]
	if !ok {
		resp.Diagnostics = unknownType("ephemeral resource", req.TypeName)
		return resp, nil
	}
	config, vals, diags := et.configValues(req.TypeName, req.Config)
	if diags != nil {
		resp.Diagnostics = diags
		return resp, nil
	}
	if config == nil {
		config, vals = map[string]any{}, Values{}
	}
	if len(stillUnknown(config)) > 0 {
		// The engines open an ephemeral resource only once its
		// configuration is known, and stand for its result with an
		// unknown value until then. Should one ask anyway, Open (which
		// could not act on a value not known yet) is not called: the
		// request is deferred where the engine allows it, and the result
		// is what a plan would say, the configuration with every computed
		// attribute it leaves null unknown.
		if req.ClientCapabilities != nil && req.ClientCapabilities.DeferralAllowed {
			resp.Deferred = &tfprotov6.Deferred{Reason: tfprotov6.DeferredReasonResourceConfigUnknown}
		}
		result := make(map[string]any, len(config))
		for n, v := range config {
			result[n] = v
		}
		for n, a := range et.schema.Attributes {
			if a.Computed && result[n] == nil {
				result[n] = Unknown
			}
		}
		var err error
		if resp.Result, err = et.dynamic(result); err != nil {
			resp.Diagnostics = et.errorDiag("Internal error encoding the result of "+req.TypeName, err)
		}
		return resp, nil
	}
	e := s.p.EphemeralResources[req.TypeName]
	c := s.newContext(ctx, req.TypeName, "Open").at(et, config).withPrivate(nil)
	c.renewable = true
	var nv Values
	run(c, func() { nv = e.Open(c, vals) })
	resp.Diagnostics = c.proto()
	if c.HasError() {
		return resp, nil
	}
	if !c.renewAt.IsZero() && e.Renew == nil {
		resp.Diagnostics = append(resp.Diagnostics, &tfprotov6.Diagnostic{
			Severity: tfprotov6.DiagnosticSeverityError,
			Summary:  req.TypeName + ": Open called SetRenewAt, but Renew is nil",
			Detail:   "The engine would call Renew at that time: write Renew, or do not call SetRenewAt. This is a bug in the provider.",
		})
		return resp, nil
	}
	result, diags := et.readResult(req.TypeName, "Open", "An ephemeral resource's Open", config, nv)
	resp.Diagnostics = append(resp.Diagnostics, diags...)
	if result == nil {
		return resp, nil
	}
	resp.Result, resp.Private, resp.RenewAt = result, c.privateOut(), c.renewAt
	return resp, nil
}

func (s *server) RenewEphemeralResource(ctx context.Context, req *tfprotov6.RenewEphemeralResourceRequest) (resp *tfprotov6.RenewEphemeralResourceResponse, _ error) {
	resp = &tfprotov6.RenewEphemeralResourceResponse{Private: req.Private}
	defer recoverRPC(req.TypeName, "RenewEphemeralResource", &resp.Diagnostics)
	e, ok := s.p.EphemeralResources[req.TypeName]
	if !ok {
		resp.Diagnostics = unknownType("ephemeral resource", req.TypeName)
		return resp, nil
	}
	if e.Renew == nil {
		// Open cannot ask for a renewal without Renew: nothing to do, and
		// no further renewal.
		return resp, nil
	}
	c := s.newContext(ctx, req.TypeName, "Renew").withPrivate(req.Private)
	c.renewable = true
	run(c, func() { e.Renew(c) })
	resp.Diagnostics = c.proto()
	resp.Private = c.privateOut()
	if !c.HasError() {
		resp.RenewAt = c.renewAt
	}
	return resp, nil
}

func (s *server) CloseEphemeralResource(ctx context.Context, req *tfprotov6.CloseEphemeralResourceRequest) (resp *tfprotov6.CloseEphemeralResourceResponse, _ error) {
	resp = &tfprotov6.CloseEphemeralResourceResponse{}
	defer recoverRPC(req.TypeName, "CloseEphemeralResource", &resp.Diagnostics)
	e, ok := s.p.EphemeralResources[req.TypeName]
	if !ok {
		resp.Diagnostics = unknownType("ephemeral resource", req.TypeName)
		return resp, nil
	}
	if e.Close == nil {
		return resp, nil
	}
	c := s.newContext(ctx, req.TypeName, "Close").withPrivate(req.Private)
	run(c, func() { e.Close(c) })
	resp.Diagnostics = c.proto()
	return resp, nil
}
