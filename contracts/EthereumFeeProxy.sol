// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.20;

import {ReentrancyGuard} from "@openzeppelin/contracts/utils/ReentrancyGuard.sol";

/// @title EthereumFeeProxy
/// @notice ABI-compatible with Request Network's EthereumFeeProxy: forwards native currency to a payee,
///         pays an optional fee, and emits one event that payment detection matches on the indexed
///         payment reference.
/// @dev Payouts use `call` rather than `transfer` (Request Network sends the fee with `transfer`):
///      the 2300-gas stipend of `transfer` makes payments to smart-contract wallets (Safe, ERC-4337)
///      fail. Every entry point is nonReentrant and the contract keeps no balance between calls, so
///      forwarding all gas to the recipients is safe.
contract EthereumFeeProxy is ReentrancyGuard {
    // Same signature as Request Network's event (topic0 0xa1c241e3...6a96): do not rename or reorder.
    event TransferWithReferenceAndFee(
        address to,
        uint256 amount,
        bytes indexed paymentReference,
        uint256 feeAmount,
        address feeAddress
    );

    /// @notice Plain ether sent here would not be tied to any payment reference.
    receive() external payable {
        revert("not payable receive");
    }

    /// @notice Pays `msg.value - _feeAmount` to `_to` and `_feeAmount` to `_feeAddress`.
    function transferWithReferenceAndFee(
        address payable _to,
        bytes calldata _paymentReference,
        uint256 _feeAmount,
        address payable _feeAddress
    ) external payable nonReentrant {
        require(msg.value >= _feeAmount, "fee exceeds value");
        _pay(_to, msg.value - _feeAmount, _paymentReference, _feeAmount, _feeAddress);
    }

    /// @notice Pays exactly `_amount` to `_to` and `_feeAmount` to `_feeAddress`, then refunds
    ///         whatever msg.value exceeds `_amount + _feeAmount` to the sender.
    function transferExactEthWithReferenceAndFee(
        address payable _to,
        uint256 _amount,
        bytes calldata _paymentReference,
        uint256 _feeAmount,
        address payable _feeAddress
    ) external payable nonReentrant {
        uint256 due = _amount + _feeAmount;
        require(msg.value >= due, "value below amount plus fee");
        _pay(_to, _amount, _paymentReference, _feeAmount, _feeAddress);
        uint256 leftover = msg.value - due;
        if (leftover > 0) {
            _send(payable(msg.sender), leftover, "Could not refund the sender");
        }
    }

    function _pay(
        address payable _to,
        uint256 _amount,
        bytes calldata _paymentReference,
        uint256 _feeAmount,
        address payable _feeAddress
    ) private {
        _send(_to, _amount, "Could not pay the recipient");
        if (_feeAmount > 0) {
            // Request Network would send a non-zero fee to address(0), burning it; refuse instead.
            require(_feeAddress != address(0), "fee address is zero");
            _send(_feeAddress, _feeAmount, "Could not pay the fee");
        }
        emit TransferWithReferenceAndFee(_to, _amount, _paymentReference, _feeAmount, _feeAddress);
    }

    function _send(address payable _recipient, uint256 _value, string memory _failure) private {
        (bool ok, ) = _recipient.call{value: _value}("");
        require(ok, _failure);
    }
}
