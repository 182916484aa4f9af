// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.20;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";

/// @title ERC20FeeProxy
/// @notice ABI-compatible with Request Network's ERC20FeeProxy: moves `_amount` of a token from the
///         payer to `_to`, plus an optional fee paid on top to `_feeAddress`, and emits one event that
///         payment detection matches on the indexed payment reference.
/// @dev SafeERC20 accepts tokens that return nothing from transferFrom (USDT) and reverts when the
///      token address has no code, like Request Network's own low-level safeTransferFrom.
contract ERC20FeeProxy {
    using SafeERC20 for IERC20;

    // Same signature as Request Network's event (topic0 0x9f16cbcc...a2b6): do not rename or reorder.
    event TransferWithReferenceAndFee(
        address tokenAddress,
        address to,
        uint256 amount,
        bytes indexed paymentReference,
        uint256 feeAmount,
        address feeAddress
    );

    /// @notice Plain ether sent here would be stuck forever.
    receive() external payable {
        revert("not payable receive");
    }

    /// @notice Pays `_amount` to `_to` and `_feeAmount` to `_feeAddress`, both from msg.sender.
    /// @dev The payer must have approved this contract for `_amount + _feeAmount`.
    function transferFromWithReferenceAndFee(
        address _tokenAddress,
        address _to,
        uint256 _amount,
        bytes calldata _paymentReference,
        uint256 _feeAmount,
        address _feeAddress
    ) external {
        IERC20 token = IERC20(_tokenAddress);
        token.safeTransferFrom(msg.sender, _to, _amount);
        if (_feeAmount > 0 && _feeAddress != address(0)) {
            token.safeTransferFrom(msg.sender, _feeAddress, _feeAmount);
        }
        emit TransferWithReferenceAndFee(_tokenAddress, _to, _amount, _paymentReference, _feeAmount, _feeAddress);
    }
}
