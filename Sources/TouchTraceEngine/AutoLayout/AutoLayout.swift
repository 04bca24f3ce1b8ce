/// Auto Layout (rule L6): the constraints UIKit generates (intrinsic content size, autoresizing
/// masks, stack views, margins, safe area) and the solution of every constraint
/// (``AutoLayoutSystem``, over `TouchTraceSolver`). Constraints are validated when the scene is
/// decoded (``ConstraintValidation``, in the scene stage).
package enum AutoLayout {}
