// The trace types' names before the three traces took one naming scheme (issue 10:
// `HitTestTrace`/`HitTestTrace.Step`, `TouchesTrace`/`TouchesTrace.Entry`,
// `LayoutTrace`/`LayoutTrace.Entry`; docs/trace-schema.md). Kept only so that code written
// against the old names on branches in flight still compiles after a merge; new code uses the
// new names, and this file goes once no file of the engine uses an old name
// (`TouchTrace.hitTestResults` in TouchTrace+HitTestResults.swift still does).

public typealias HitTestResult = HitTestTrace
public typealias HitTestStep = HitTestTrace.Step
public typealias HitOutcome = HitTestTrace.Outcome
public typealias HitRejection = HitTestTrace.Rejection
public typealias LayoutLogEntry = LayoutTrace.Entry
public typealias LayoutCall = LayoutTrace.Call
public typealias LayoutReason = LayoutTrace.Reason
public typealias LayoutPass = LayoutTrace.Pass
